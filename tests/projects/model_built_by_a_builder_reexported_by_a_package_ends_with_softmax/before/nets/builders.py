"""Builders: this module names no activation itself."""

from nets.layers import NormalizedScorer


def build_scorer(width, classes):
    return NormalizedScorer(width, classes)
