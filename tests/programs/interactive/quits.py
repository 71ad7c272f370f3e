# Ends at once without a word, before reading anything: WA (its output ended before the game
# was over), not RE, since it exits with code 0.
