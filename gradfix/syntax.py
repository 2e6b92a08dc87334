"""The standard library's syntax tree, without the standard library's `ast` module.

`import ast` runs `ast.py`: its unparser, its `IntEnum` of precedences and `contextlib`, about
9 M instructions of every check of a file with gradient code (3% of a one-file run), none of
which an analysis needs. The node classes are the C module `_ast`'s, the very classes
`ast.py` re-exports; this module gives them, with `parse` and the walks the analysis calls, and
imports `ast` itself only when one of the few other functions of it is called (`ast.unparse`,
`ast.dump`, `ast.NodeTransformer`, ...: fixes and rare readings). gradfix's modules import it as `ast`:

    from gradfix import syntax as ast

The trees are the same objects either way: `ast.parse` of the standard library and `parse`
here give equal trees of the same classes (tests/test_syntax.py).
"""

from collections import deque

from _ast import *  # noqa: F403  (every node class, `AST`, and the `PyCF_*` flags)
from _ast import AST, PyCF_ONLY_AST


def parse(source, filename="<unknown>", mode="exec"):  # type: ignore[no-untyped-def]
    """`ast.parse(source, filename, mode)`: the tree `compile` builds with `PyCF_ONLY_AST`
    (no future statement of this module passed on, as none of `ast.py`'s is)."""
    return compile(source, filename, mode, PyCF_ONLY_AST, dont_inherit=True)


def iter_fields(node):  # type: ignore[no-untyped-def]
    """`ast.iter_fields`: (name, value) of each field the node has."""
    for name in node._fields:
        try:
            yield name, getattr(node, name)
        except AttributeError:
            pass


def iter_child_nodes(node):  # type: ignore[no-untyped-def]
    """`ast.iter_child_nodes`: the nodes a field holds, or a list in a field holds, in field order."""
    for _, value in iter_fields(node):
        if isinstance(value, AST):
            yield value
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, AST):
                    yield item


def walk(node):  # type: ignore[no-untyped-def]
    """`ast.walk`: the node and all its descendants, breadth first (gradfix.walk.ast_walk is the
    analysis's faster walk, which leaves out contexts and operators)."""
    todo = deque([node])
    while todo:
        current = todo.popleft()
        todo.extend(iter_child_nodes(current))
        yield current


# The rest of the `ast` module is imported when first asked for, by these (no module-level
# `__getattr__`: the interpreter does not specialize attribute reads of a module that has one,
# and the analysis reads `ast.Call`, `ast.Name` ... millions of times).


def dump(node, *args, **kwargs):  # type: ignore[no-untyped-def]
    import ast

    return ast.dump(node, *args, **kwargs)


def unparse(node):  # type: ignore[no-untyped-def]
    import ast

    return ast.unparse(node)


def literal_eval(node_or_string):  # type: ignore[no-untyped-def]
    import ast

    return ast.literal_eval(node_or_string)


def copy_location(new_node, old_node):  # type: ignore[no-untyped-def]
    import ast

    return ast.copy_location(new_node, old_node)


def node_transformer():  # type: ignore[no-untyped-def]
    """`ast.NodeTransformer`, the class."""
    import ast

    return ast.NodeTransformer
