"""Objectives by name; the training script picks one from the dict."""
from torch import nn
from torch.nn import functional as F

OBJECTIVES = {
    "xent": F.cross_entropy,
    "smooth": nn.CrossEntropyLoss(label_smoothing=0.1),
}
