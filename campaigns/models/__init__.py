"""The campaign models, one module per concept, re-exported here."""

from __future__ import annotations

from campaigns.models.arrivals import SceneArrival
from campaigns.models.battle import Battle, BattleCompany, BattleParticipant
from campaigns.models.battlefield import Objective, SceneCompany
from campaigns.models.campaign import Campaign
from campaigns.models.character import Character
from campaigns.models.company import Commander, CommanderChange, Company
from campaigns.models.events import Event, EventDeck
from campaigns.models.invitation import Invitation
from campaigns.models.log import CampaignLogEntry
from campaigns.models.orders import SceneOrder
from campaigns.models.playtest import PlaytestReport
from campaigns.models.result import BattleResult, CharacterOutcome, Effect
from campaigns.models.scene import Scene
from campaigns.models.setting import Setting
from campaigns.models.table_log import TableEntry, TableLog
from campaigns.models.terrain import SceneFeature
from campaigns.models.victory import WayToWin, WinCondition
from campaigns.models.wound import PersistingWound

__all__ = [
    "Battle",
    "BattleCompany",
    "BattleParticipant",
    "BattleResult",
    "Campaign",
    "CampaignLogEntry",
    "Character",
    "CharacterOutcome",
    "Commander",
    "CommanderChange",
    "Company",
    "Effect",
    "Event",
    "EventDeck",
    "Invitation",
    "Objective",
    "PersistingWound",
    "PlaytestReport",
    "Scene",
    "SceneArrival",
    "SceneCompany",
    "SceneFeature",
    "SceneOrder",
    "Setting",
    "TableEntry",
    "TableLog",
    "WayToWin",
    "WinCondition",
]
