// Reads its whole input from descriptor 0 and prints "fresh" if it was "x".
const input = require('fs').readFileSync(0, 'utf8');
console.log(input.trim() === 'x' ? 'fresh' : 'stale');
