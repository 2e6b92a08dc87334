"""Run settings shared by the scripts."""
import torch

PRECISION = torch.bfloat16
LR = 3e-4
