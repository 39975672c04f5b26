"""The turn: the Endgame's Justice card, command points, activation, movement and new
Blockers, Mania cards, the opponent's Defensive Fire, the Combat phase, and the End phase
(fire, the card draw, Catastrophic Damage), then the other player's turn."""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import IllegalAction
from engine.games.block_mania import board, combat, damage, names, victory
from engine.games.block_mania.actions import Activate, Attack, Move, Play, Switch
from engine.games.block_mania.content.models import content
from engine.games.block_mania.state import MAX_STEPS, RESERVE, SHARED, Blocker, ManiaState
from engine.kit import cards as deck
from engine.kit.turns import Window
from engine.messages import Msg, m

ENTRY = ("plaza", "civic", "interior", "tunnel", "vehicle_park")
"""Ground-floor squares where new Blockers come into play."""


def entry(state: ManiaState, seat: int, futsie_slot: bool = False) -> str:
    """The ground-floor square a new Blocker enters: the first standing one of the player's
    own block, from the gap's side (the Futsie from the far side)."""
    block = board.block_of(seat)
    ground = [s for s in board.all_squares() if s[0] == block and board.parse(s)[2] == 0]
    ground.sort(key=lambda s: board.parse(s)[1], reverse=(block == "A") != futsie_slot)
    standing = [s for s in ground if not state.squares[s].collapsed and board.kind(s) in ENTRY]
    return (standing or ground)[0]


def recruit(state: ManiaState, seat: int) -> Blocker | None:
    """A Blocker drawn at random from the reserve, put in play with its kit, numbered after
    every Blocker its block has had (teammates share a block's numbers)."""
    type_id = deck.draw_at_random(state.reserves[seat], state.rng)
    if type_id is None:
        return None
    block = board.block_of(seat)
    number = sum(
        1 for b in state.blockers if b.owner != SHARED and board.block_of(b.owner) == block
    )
    b = Blocker(
        id=f"{block}{number + 1}",
        type=type_id,
        owner=seat,
        at=entry(state, seat),
        kit=list(content().blocker(type_id).kit),
    )
    state.blockers.append(b)
    return b


def controls(state: ManiaState, b: Blocker) -> bool:
    return b.owner in (state.active, SHARED) and b.at not in (RESERVE,) and len(b.at) >= 3


def start_turn(state: ManiaState, notes: list[Msg]) -> None:
    for b in state.blockers:
        b.active = b.attacked = b.fired = b.suckered = False
        b.mp = b.steps = 0
        if "always_active" in board.skills(b) and b.owner == state.active:
            b.active = True
            b.mp = content().blocker(b.type).mp
    state.bonus = [0] * state.players
    state.stage = 0
    state.window = None
    state.cp = sum(state.rng.roll(2))
    notes.append(m("mania.event.turn", seat=names.seat(state, state.active), n=state.cp))
    justice = [c for c in state.hands[state.active] if content().card(c).window == "justice"]
    state.phase = "justice" if state.endgame and justice else "command"


def activatable(state: ManiaState) -> list[Activate]:
    if state.crashed[board.side(state.active)]:
        return []
    return [
        Activate(blocker=b.id)
        for b in board.in_play(state)
        if controls(state, b) and not b.active and content().blocker(b.type).command <= state.cp
    ]


def activate(state: ManiaState, action: Activate) -> list[Msg]:
    if action not in activatable(state):
        raise IllegalAction(m("mania.refuse.activate"))
    b = board.find(state, action.blocker)
    assert b is not None
    kind = content().blocker(b.type)
    state.cp -= kind.command
    b.active = True
    b.mp = kind.mp
    return [m("mania.event.activated", unit=names.blocker(b), n=state.cp)]


def may_deploy(state: ManiaState) -> bool:
    cost = content().blockers.deploy_cost
    return (
        state.cp >= cost
        and bool(state.reserves[state.active])
        and not state.crashed[board.side(state.active)]
    )


def deploy(state: ManiaState) -> list[Msg]:
    if not may_deploy(state):
        raise IllegalAction(m("mania.refuse.deploy"))
    state.cp -= content().blockers.deploy_cost
    b = recruit(state, state.active)
    assert b is not None
    return [m("mania.event.deployed", unit=names.blocker(b), square=names.square(b.at))]


def moves(state: ManiaState) -> Iterator[Move]:
    """Each Blocker's reach found as it is asked for, so a prompt that only looks for a move
    stops at the first (`prompts`)."""
    for b in board.in_play(state):
        if not (controls(state, b) and b.active) or b.locked or b.steps >= MAX_STEPS:
            continue
        for to, cost in board.steps(state, b).items():
            if cost <= b.mp + state.cp:
                yield Move(blocker=b.id, to=to)


def move(state: ManiaState, action: Move) -> list[Msg]:
    b = board.find(state, action.blocker)
    if b is None or not controls(state, b) or not b.active or b.locked or b.steps >= MAX_STEPS:
        raise IllegalAction(m("mania.refuse.move_who"))
    cost = board.steps(state, b).get(action.to)
    if cost is None or cost > b.mp + state.cp:
        raise IllegalAction(m("mania.refuse.move_where"))
    board.spend(state, b, cost)
    notes: list[Msg] = []
    if action.to == board.sucker_landing(b):
        notes.append(m("mania.event.sucker", unit=names.blocker(b)))
        if state.rng.randint(1, 6) == 1:
            notes.append(m("mania.event.sucker_slip", unit=names.blocker(b)))
            if damage.attack_blocker(state, b, SUCKER_RISK, notes):
                return notes
        b.suckered = True
    b.at = action.to
    b.steps += 1
    notes.append(
        m("mania.event.moved", unit=names.blocker(b), square=names.square(action.to), n=cost)
    )
    return notes


SWITCH_COST = 1
"""MP to switch a block's energy off from its Power House."""


def switches(state: ManiaState) -> list[Switch]:
    """Activated Blockers in a powered block's Power House may switch its energy off."""
    return [
        Switch(blocker=b.id)
        for b in board.in_play(state)
        if controls(state, b)
        and b.active
        and board.kind(b.at) == "power_house"
        and state.power[board.seat_of(b.at)]
        and b.mp + state.cp >= SWITCH_COST
    ]


def switch(state: ManiaState, action: Switch) -> list[Msg]:
    """No elevators, Pedway or free Civic in that block from now on, and shooting there is
    at -1."""
    if action not in switches(state):
        raise IllegalAction(m("mania.refuse.switch"))
    b = board.find(state, action.blocker)
    assert b is not None
    board.spend(state, b, SWITCH_COST)
    state.power[board.seat_of(b.at)] = False
    return [m("mania.event.switched", unit=names.blocker(b), block=b.at[0])]


SUCKER_RISK = 2
"""Damage value of the attack a Sucker Gun user suffers on a 1 before crossing."""


def end_command(state: ManiaState) -> list[Msg]:
    """Defensive Fire opens for the opponent, or Combat begins when nobody may fire back."""
    state.window = Window.opening([state.defender])
    state.phase = "defensive"
    if not defensive_shots(state) and not cards_for(state, state.defender):
        state.window = None
        state.phase = "combat"
    return [
        m(
            "mania.event.phase",
            seat=names.seat(state, state.active),
            phase=m(f"mania.phase.{state.phase}"),
        )
    ]


def defensive_shots(state: ManiaState) -> list[Attack]:
    """The defending block's Blockers (a team's both players' in a four-player game, the
    defender choosing) shoot at activated phasing Blockers in or next to their square."""
    found: list[Attack] = []
    targets = [
        b for b in board.in_play(state) if b.active and controls(state, b) and not b.suckered
    ]
    for b in board.in_play(state):
        defends = b.owner != SHARED and board.side(b.owner) == board.side(state.defender)
        if not defends or b.fired or combat.weapon(b) is None:
            continue
        for t in targets:
            if t.at == b.at or t.at in board.neighbours(b.at):
                found.append(Attack(blocker=b.id, how="shoot", target=t.id))
    return found


def defend(state: ManiaState, action: Attack) -> list[Msg]:
    if action not in defensive_shots(state):
        raise IllegalAction(m("mania.refuse.defend"))
    b = board.find(state, action.blocker)
    assert b is not None and state.window is not None
    b.fired = True
    state.window.answer(played=True)
    return combat.resolve(state, state.defender, b, action)


def attacks(state: ManiaState, ordered: bool = True) -> list[Attack]:
    """The attacks open now: by default only those of a kind the Combat phase has not gone
    past."""
    found: list[Attack] = []
    for b in board.in_play(state):
        if controls(state, b) and b.active and not b.attacked:
            found.extend(
                a
                for a in combat.options(state, b, state.active)
                if not ordered or combat.in_order(state, a)
            )
    return found


def attack(state: ManiaState, action: Attack) -> list[Msg]:
    """One attack; the phase moves on to its kind, so no attack of an earlier kind follows."""
    if action not in attacks(state, ordered=False):
        raise IllegalAction(combat.refusal(state, action))
    if not combat.in_order(state, action):
        raise IllegalAction(combat.out_of_order(state, action))
    b = board.find(state, action.blocker)
    assert b is not None
    b.attacked = True
    state.stage = combat.stage(action)
    return combat.resolve(state, state.active, b, action)


WINDOWS = {
    "justice": ("justice",),
    "command": ("command", "any"),
    "defensive": ("any", "attack"),
    "combat": ("any", "attack"),
}


def cards_for(state: ManiaState, seat: int) -> list[Play]:
    """Every card play open to the seat now, with each target its card may take."""
    allowed = WINDOWS[state.phase]
    found: list[Play] = []
    for card_id in dict.fromkeys(state.hands[seat]):
        card = content().card(card_id)
        if card.window not in allowed:
            continue
        targets = _targets(state, seat, card.effect)
        found.extend(Play(card=card_id, target=t) for t in targets)
    return found


def _targets(state: ManiaState, seat: int, effect: str) -> list[str]:
    mine = board.block_of(seat)
    theirs = board.block_of(board.side(seat) + 1)
    if effect == "repair":
        return [
            s
            for s in board.all_squares()
            if s[0] == mine and state.squares[s].damage and not state.squares[s].collapsed
        ]
    if effect == "extinguish":
        return [s for s in board.all_squares() if state.squares[s].fire]
    if effect == "recruit":
        return [""] if state.reserves[seat] and not state.crashed[board.side(seat)] else []
    if effect == "arrest":
        enemies = [
            b.id
            for b in board.in_play(state)
            if b.owner != SHARED and board.side(b.owner) != board.side(seat)
        ]
        return enemies or [""]
    if effect == "condemn":
        standing = [
            s for s in board.all_squares() if s[0] == theirs and not state.squares[s].collapsed
        ]
        return standing or [""]
    return [""]


def play(state: ManiaState, seat: int, action: Play) -> list[Msg]:
    if action not in cards_for(state, seat):
        raise IllegalAction(m("mania.refuse.play"))
    card = content().card(action.card)
    deck.discard(state.hands[seat], action.card, state.discard)
    notes = [m("mania.event.played", seat=names.seat(state, seat), card=names.card(card.id))]
    effect = card.effect
    if effect == "cp":
        state.cp += card.amount
        notes.append(m("mania.event.cp_now", n=state.cp))
    elif effect == "cp_die":
        state.cp += state.rng.randint(1, 6)
        notes.append(m("mania.event.cp_now", n=state.cp))
    elif effect == "bonus":
        state.bonus[seat] += card.amount
        notes.append(m("mania.event.bonus_now", n=state.bonus[seat]))
    elif effect == "repair":
        state.squares[action.target].damage -= 1
    elif effect == "extinguish":
        state.squares[action.target].fire = 0
    elif effect == "recruit":
        b = recruit(state, seat)
        assert b is not None
        notes.append(m("mania.event.deployed", unit=names.blocker(b), square=names.square(b.at)))
    elif effect == "arrest" and action.target:
        b = board.find(state, action.target)
        assert b is not None
        b.at = "gone"
        notes.append(m("mania.event.arrested", unit=names.blocker(b)))
    elif effect == "condemn" and action.target:
        damage.structural(state, action.target, notes)
    if effect in ("cp", "cp_die"):
        notes.append(m("mania.event.cp", n=state.cp))
    if state.phase == "justice":
        state.phase = "command"
    if state.window is not None and state.phase == "defensive":
        state.window.answer(played=True)
    return notes


def end_phase(state: ManiaState) -> list[Msg]:
    """Fire, the active player's card draw (the Endgame when the Mania deck runs out, the end
    of the game when the Justice cards do), Catastrophic Damage, then the next turn."""
    notes: list[Msg] = [
        m("mania.event.phase", seat=names.seat(state, state.active), phase=m("mania.phase.end"))
    ]
    damage.fire_phase(state, notes)
    seat = state.active
    if not state.deck and not state.endgame:
        state.endgame = True
        state.deck, state.justice = state.justice, []
        notes.append(m("mania.event.endgame"))
    drawn = deck.draw(state.deck)
    state.hands[seat].extend(drawn)
    limit = content().cards.hand
    while len(state.hands[seat]) > limit:
        state.discard.append(state.hands[seat].pop(0))
    damage.catastrophe(state, notes)
    if victory.check(state, bool(drawn)):
        return notes
    state.active = (state.active + 1) % state.players
    state.turn += 1
    start_turn(state, notes)
    return notes
