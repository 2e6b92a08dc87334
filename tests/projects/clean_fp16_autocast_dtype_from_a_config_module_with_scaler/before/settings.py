"""Run settings shared by the scripts."""
import torch

PRECISION = torch.float16
LR = 3e-4
