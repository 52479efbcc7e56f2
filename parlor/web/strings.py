"""The words the tablet's script shows, translated on the server (one catalog for all)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def script_strings() -> dict[str, str]:
    """Long because it is one table: every string the tablet's scripts show, translated."""
    return {
        "prompt_start": _("Tap the winner, or choose how the hand ended."),
        "prompt_win": _("Tap who dealt in, or Tsumo."),
        "prompt_winner": _("Tap the winner."),
        "prompt_loser": _("Tap who dealt in."),
        "prompt_value": _("Choose the value for %(name)s."),
        "prompt_check": _("Check the payments, then confirm."),
        "prompt_tenpai": _("Tap the players who were tenpai, then check the payments."),
        "prompt_reason": _("Choose the reason."),
        "prompt_offender": _("Tap the player who made the chombo."),
        "prompt_pao": _("Tap the player liable for pao."),
        "prompt_feeder": _("Tap the player whose discard the winner called as an open kan."),
        "prompt_add_winner": _("Tap the other winner."),
        "prompt_nagashi": _("Tap the player with nagashi mangan."),
        "prompt_penalty": _("Tap the player: %(kind)s."),
        "prompt_compensation": _("Tap the player whose hand the chombo spoiled."),
        "prompt_compensation_value": _("Choose the value of the spoiled hand of %(name)s."),
        "compensation_value": _("Value of the spoiled hand of %(name)s"),
        "compensation_chip": _("Compensation: %(name)s · %(value)s"),
        "remove": _("Remove"),
        "role_compensation": _("Compensated"),
        "role_wareme": _("Wareme"),
        "role_winner": _("Winner"),
        "role_loser": _("Dealt in"),
        "role_tenpai": _("Tenpai"),
        "role_pao": _("Pao"),
        "role_feeder": _("Open-kan feeder pays"),
        "role_offender": _("Chombo"),
        "role_nagashi": _("Nagashi"),
        "role_sits_out": _("Sits out"),
        "riichi": _("Riichi"),
        "riichi_open": _("Open riichi"),
        "riichi_cancelled": _("Riichi cancelled"),
        "kind_ron": _("Ron"),
        "kind_tsumo": _("Tsumo"),
        "kind_draw": _("Draw"),
        "kind_abortive": _("Abortive draw"),
        "kind_chombo": _("Chombo"),
        "from": _("from"),
        "tenpai": _("tenpai"),
        "hand_no": _("Hand %(number)s"),
        "checking": _("Working out the payments…"),
        "offline_preview": _(
            "Offline: the payments will be worked out when the network is back. "
            "Confirm to keep this hand on the tablet until then."
        ),
        "confirm": _("Confirm"),
        "confirm_offline": _("Keep and send later"),
        "confirm_correction": _("Save the correction"),
        "pending": _("Waiting to send"),
        "sending": _("Sending…"),
        "failed": _("Not recorded"),
        "discard": _("Discard"),
        "retry": _("Send again"),
        "signed_out": _("Signed out: sign in again, then the hand is sent."),
        "reason_required": _("Say why the hand is corrected."),
        "calc_win_tile": _("Choose the winning tile."),
        "server_error": _("The server did not answer; the hand will be sent again."),
        "value_missing": _("No value yet"),
        "recorded": _("Hand %(number)s recorded: the new scores"),
        "undo_hand": _("Undo hand %(number)s"),
        "penalty_at_end": _("Chombo penalty: %(amount)s at the end of the game"),
        "penalty_share_at_end": _("Share of a chombo penalty: %(amount)s at the end of the game"),
    }
