// The server's HTTP API, the player's key and the tokens this browser holds.

// ApiError is an error answered by the server: code, message and, for an
// illegal action, the rule it breaks.
export class ApiError extends Error {
  constructor(code, message, rule) {
    super(message);
    this.code = code;
    this.rule = rule || '';
  }
}

// api calls the server and returns the decoded JSON answer.
export async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = 'Bearer ' + token;
  const resp = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await resp.json(); } catch { /* not JSON */ }
  if (!resp.ok) {
    throw new ApiError(data?.code || 'internal', data?.message || resp.statusText, data?.rule);
  }
  return data;
}

// playerKey returns this browser's secret player key, making one the first
// time; the server lists the matches opened with it.
export function playerKey() {
  let k = localStorage.getItem('skald.player');
  if (!k) {
    const b = new Uint8Array(16);
    crypto.getRandomValues(b);
    k = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    localStorage.setItem('skald.player', k);
  }
  return k;
}

function tokens() {
  try { return JSON.parse(localStorage.getItem('skald.tokens') || '{}'); } catch { return {}; }
}

// saveLinks remembers a match's links (seat name -> token) in this browser.
export function saveLinks(match, links) {
  const all = tokens();
  all[match] = Object.assign(all[match] || {}, links);
  localStorage.setItem('skald.tokens', JSON.stringify(all));
}

// linksFor returns the links remembered for a match: {seatName: token}.
export function linksFor(match) {
  return tokens()[match] || {};
}
