from .engine import train_one_epoch
from .evaluation import accuracy
from .loaders import make_loaders
