# Appends 1 MiB strings until memory runs out; Python's limit is 512 x 2 + 32 MiB here, and
# going past it is MLE (killed at the limit, or a MemoryError crash near it).
chunks = []
while True:
    chunks.append(bytearray(1 << 20))
