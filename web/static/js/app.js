// The client's router: / is the lobby, /m/ID a match, /r/ID a replay,
// /leaderboard the ratings.
import { lobby } from './lobby.js';
import { match } from './match.js';
import { replay } from './replay.js';
import { leaderboard } from './leaderboard.js';

const app = document.getElementById('app');
const path = location.pathname;
let m;
if ((m = path.match(/^\/m\/([a-z0-9]+)$/))) match(app, m[1]);
else if ((m = path.match(/^\/r\/([a-z0-9]+)$/))) replay(app, m[1]);
else if (path === '/leaderboard') leaderboard(app);
else lobby(app);
