"""Watch a whole game without a Discord token: `python -m tests.demo --out demo-output`.

The real bot logs into the loopback stand-in, scripted players play a complete game through
slash commands and buttons, and the channel transcript plus every board image are written to
the output folder.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from tests.bot.driver import play_until_over
from tests.bot.harness import Session
from tests.bot.nomb_policy import policy
from tests.standin import MessageRecord

NAMES = ["ana", "ben", "cy", "dee"]


def write_transcript(session: Session, out: Path) -> int:
    """Markdown transcript beside numbered board images; returns how many images were written."""
    names = {u.id: u.name for u in session.standin.world.users.values()}
    names[session.standin.bot.id] = "bot"
    lines = [f"# #{session.channel_name}", ""]
    images = 0
    for message in session.standin.messages(session.channel):
        lines.append(_entry(message, names))
        for attachment in message.attachments:
            images += 1
            name = f"board-{images:03d}.png"
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


async def run(out: Path, players: int, side: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        async with Session(Path(tmp) / "demo.sqlite3") as session:
            people = [session.user(n) for n in NAMES[:players]]
            users = await session.open_game("not_on_my_block", *people)
            steps = await play_until_over(session, users, policy(side))  # type: ignore[arg-type]
            images = write_transcript(session, out)
    print(f"{steps} moves played; transcript and {images} board images in {out}/")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("demo-output"))
    parser.add_argument("--players", type=int, choices=(2, 4), default=4)
    parser.add_argument("--winner", choices=("developer", "residents"), default="residents")
    args = parser.parse_args()
    asyncio.run(run(args.out, args.players, args.winner))


if __name__ == "__main__":
    main()
