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

from tests.bot.bloc_by_bloc_policy import policy as bbb_policy
from tests.bot.driver import play_until_over
from tests.bot.harness import Session
from tests.bot.not_on_my_block_policy import policy as nomb_policy
from tests.bot.space_insurrection_policy import policy as space_policy
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


async def run(out: Path, game: str, players: int, winner: str, seed: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        async with Session(Path(tmp) / "demo.sqlite3") as session:
            people = [session.user(n) for n in NAMES[:players]]
            if game == "bloc_by_bloc":
                mode = "fully_cooperative" if players == 2 else "semi_cooperative"
                users = await session.open_game(game, *people, seed=seed, mode=mode)
                steps = await play_until_over(session, users, bbb_policy(seed), max_steps=5000)
            elif game == "space_insurrection":
                users = await session.open_game(game, *people, seed=seed, specials="1")
                steps = await play_until_over(session, users, space_policy(0, seed), max_steps=800)
            else:
                users = await session.open_game(game, *people, seed=seed)
                steps = await play_until_over(session, users, nomb_policy(winner))  # type: ignore[arg-type]
            images = write_transcript(session, out)
    print(f"{steps} moves played; transcript and {images} board images in {out}/")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("demo-output"))
    parser.add_argument(
        "--game",
        choices=("not_on_my_block", "bloc_by_bloc", "space_insurrection"),
        default="not_on_my_block",
    )
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument(
        "--winner",
        choices=("developer", "residents"),
        default="residents",
        help="Not On My Block: which side the scripted players steer toward",
    )
    parser.add_argument("--seed", type=int, default=4, help="the game's seed")
    args = parser.parse_args()
    if args.game == "not_on_my_block" and args.players == 3:
        parser.error("Not On My Block is played by 2 or 4 players")
    asyncio.run(run(args.out, args.game, args.players, args.winner, args.seed))


if __name__ == "__main__":
    main()
