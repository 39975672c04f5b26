"""Watch a whole game without a Discord token: `python -m tests.demo --out demo-output`.

The real bot logs into the loopback stand-in, the game's own computer players (the random
one for a game without; `engine.players`) play a complete game of any registered game through
slash commands and buttons, and the channel transcript plus every board image are written to
the output folder.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from engine.games import REGISTRY
from tests.bot.driver import play_until_over, seated
from tests.bot.harness import Session
from tests.standin import MessageRecord

NAMES = ["ana", "ben", "cy", "dee", "eve", "fay"]


def write_transcript(session: Session, out: Path) -> int:
    """Markdown transcript beside numbered pictures (boards, and the timelapse, each named with
    its own kind); returns how many were written."""
    names = {u.id: u.name for u in session.standin.world.users.values()}
    names[session.standin.bot.id] = "bot"
    lines = [f"# #{session.channel_name}", ""]
    images = 0
    for message in session.standin.messages(session.channel):
        lines.append(_entry(message, names))
        for attachment in message.attachments:
            images += 1
            kind = Path(attachment.filename).suffix or ".png"
            name = f"board-{images:03d}{kind}"
            (out / name).write_bytes(attachment.data)
            lines.append(f"![{name}]({name})")
        lines.append("")
    (out / "transcript.md").write_text("\n".join(lines))
    return images


def _entry(message: MessageRecord, names: dict[int, str]) -> str:
    content = message.content
    for user_id, name in names.items():
        content = content.replace(f"<@{user_id}>", f"@{name}")
    buttons = [c.get("label") for c in message.iter_components() if c.get("label")]
    author = names.get(message.author_id, "bot")
    text = f"**{author}**{' (only visible to one player)' if message.ephemeral else ''}: {content}"
    for embed in message.embeds:
        text += f"\n\n> **{embed.get('title', '')}**\n> " + embed.get("description", "").replace(
            "\n", "\n> "
        )
    if buttons:
        text += "\n\n" + " ".join(f"[{b}]" for b in buttons)
    return text


async def run(out: Path, game: str, players: int, seed: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        async with Session(Path(tmp) / "demo.sqlite3") as session:
            people = [session.user(n) for n in NAMES[:players]]
            users = await session.open_game(game, *people, seed=seed)
            steps = await play_until_over(session, users, seated(seed), max_steps=5000)
            images = write_transcript(session, out)
    print(f"{steps} moves played; transcript and {images} board images in {out}/")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("demo-output"))
    parser.add_argument("--game", choices=sorted(REGISTRY), default="not_on_my_block")
    parser.add_argument("--players", type=int, default=None, help="the game's fewest if left out")
    parser.add_argument("--seed", type=int, default=4, help="the game's seed")
    args = parser.parse_args()
    counts = REGISTRY[args.game].player_counts
    players = counts[0] if args.players is None else args.players
    if players not in counts:
        parser.error(f"{REGISTRY[args.game].title} is played by {', '.join(map(str, counts))}")
    asyncio.run(run(args.out, args.game, players, args.seed))


if __name__ == "__main__":
    main()
