from pkg.optim.named import NamedOpt  # noqa: F401
from pkg.optim.wrapped import WrappedOptimizer  # noqa: F401
