"""Kapitalisten: investors trade the nations' currencies; the biggest holder commands."""

from adjudicator.variants.kapitalisten.rules import EXCHANGE, INVESTORS, Buy, Kapitalisten, Sell

__all__ = ["EXCHANGE", "INVESTORS", "Buy", "Kapitalisten", "Sell"]
