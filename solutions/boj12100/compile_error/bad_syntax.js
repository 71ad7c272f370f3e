// Not valid JavaScript (an expression missing after `=`): CE, found by `node --check` before
// any test runs.
const board = ;
console.log(board);
