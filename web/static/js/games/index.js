// The board renderers, one module per game. A renderer is an object with
//   render(el, ctx)  draws ctx.view into el (ctx: game, view, legal, seat,
//                    seatIndex, seats, assets, selection, readonly, act(text),
//                    select(selection), and on the match page events: every
//                    event the seat has seen);
//   filter(ctx)      optional: {label, test(actionText)} narrowing the action
//                    buttons to what is selected on the board.
// A game with no renderer here is drawn by the generic one, and every
// game's legal actions are offered as buttons whatever its renderer.
//
// To add a game: write games/NAME.js exporting a renderer as default,
// import it here and add it to `renderers`.
import generic from './generic.js';
import blackred from './blackred.js';
import bloodrage from './bloodrage.js';
import runewars from './runewars.js';
import tacticsdavid from './tacticsdavid.js';
import wintergrim from './wintergrim.js';

const renderers = { blackred, bloodrage, runewars, tacticsdavid, wintergrim };

export function rendererFor(game) {
  return renderers[game] || generic;
}
