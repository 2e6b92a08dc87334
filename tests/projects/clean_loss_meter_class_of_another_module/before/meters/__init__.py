from .smoothing import SmoothedLoss
