"""Minimal stand-ins, our own code, for libraries that cannot be installed or imported here.

Each behaves as its library's documentation and source say, only as far as gradients go,
and is used only by the proofs that say `stand_in=True` in gradfix/libraries/.
"""
