// The leaderboard: the players' Glicko-2 ratings in one game, the highest
// first, with how sure each rating is (±, twice the deviation).
import { api } from './api.js';
import { h, clear } from './dom.js';

export async function leaderboard(app) {
  document.title = 'leaderboard — skald';
  document.getElementById('crumb').textContent = 'leaderboard';
  clear(app);
  const box = h('section.panel.leaderboard', { id: 'leaderboard' }, h('h2', { text: 'Leaderboard' }));
  app.append(box);
  let games;
  try {
    games = await api('GET', '/api/games');
  } catch (e) {
    box.append(h('p.error', { text: 'Cannot reach the server: ' + e.message }));
    return;
  }
  const want = new URLSearchParams(location.search).get('game') || games[0]?.name;
  const sel = h('select', { id: 'leaderboard-game' }, games.map((g) => h('option', { value: g.name, text: g.title, selected: g.name === want })));
  const table = h('div.board-table');
  box.append(h('label', {}, 'Game ', sel), table);
  const show = async () => {
    history.replaceState(null, '', `/leaderboard?game=${sel.value}`);
    clear(table);
    let lb;
    try {
      lb = await api('GET', `/api/leaderboard?game=${encodeURIComponent(sel.value)}`);
    } catch (e) {
      table.append(h('p.error', { text: e.message }));
      return;
    }
    if (!lb.ratings.length) {
      table.append(h('p.muted', { id: 'no-ratings', text: `Nobody is rated in ${lb.title} yet: play a rated public match.` }));
      return;
    }
    table.append(h('table.matches', { id: 'ratings' },
      h('thead', {}, h('tr', {}, ['#', 'Player', 'Rating', '±', 'Rated matches'].map((x) => h('th', { text: x })))),
      h('tbody', {}, lb.ratings.map((r, i) => h('tr', { dataset: { name: r.name } },
        h('td', { text: String(i + 1) }), h('td.name', { text: r.name }), h('td.rating', { text: String(r.rating) }),
        h('td', { text: String(2 * r.deviation) }), h('td.count', { text: String(r.matches) }))))));
  };
  sel.addEventListener('change', show);
  show();
}
