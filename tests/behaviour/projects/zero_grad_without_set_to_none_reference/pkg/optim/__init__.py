"""The package's optimizers, imported from here rather than from their modules."""
from pkg.optim.named import NamedOpt  # noqa: F401
from pkg.optim.wrapped import WrappedOptimizer  # noqa: F401
