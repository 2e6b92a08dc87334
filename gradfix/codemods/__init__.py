"""LibCST codemod commands: thin adapters over gradfix's own rules, for LibCST's runner.

    python -m libcst.tool codemod --no-format gradfix.codemods.rules.GF001 src/
    python -m libcst.tool codemod --no-format gradfix.codemods.rules.All src/

See gradfix/codemods/rules.py.
"""
