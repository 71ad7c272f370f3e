# Memory bomb (Python): keeps 1 MiB strings forever.
blocks = []
while True:
    blocks.append("x" * (1 << 20) + str(len(blocks)))
