// Reads its whole input from /dev/stdin (as Baekjoon's node.js help does) and prints "fresh"
// if it was "x".
const input = require('fs').readFileSync('/dev/stdin').toString();
console.log(input.trim() === 'x' ? 'fresh' : 'stale');
