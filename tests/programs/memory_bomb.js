// Memory bomb (JavaScript): keeps arrays of 2^17 numbers (1 MiB each) forever. V8's heap is
// sized from the memory limit, so it ends either killed at the limit or with "JavaScript heap
// out of memory": MLE both ways.
const blocks = [];
for (;;) {
  blocks.push(new Array(1 << 17).fill(blocks.length));
}
