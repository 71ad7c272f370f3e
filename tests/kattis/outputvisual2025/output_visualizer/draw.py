# Called as the output validator is: draw.py input answer feedback/ < team output.
import sys

answer = open(sys.argv[2]).read().strip()
team = sys.stdin.read().strip()
with open(sys.argv[3] + "teamimage.svg", "w") as image:
    image.write(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40">'
        f"<text x=\"4\" y=\"24\">team {team} answer {answer}</text></svg>"
    )
