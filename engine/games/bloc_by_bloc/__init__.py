"""Bloc by Bloc: The Insurrection Game. Factions liberate a city district by district."""

from engine.games.bloc_by_bloc.rules import GAME, BlocByBloc

__all__ = ["GAME", "BlocByBloc"]
