# A policy stores its settings after building its optimizer. Their names hold module words
# (`layer`, `norm`, `embed`, `block`, `head`) but they are counts and numbers: parameters
# annotated with plain types, defaulting to literals, or named as a count or a setting
# (`num_`, `max_`, `_dim`, `_size`, `_rate`). No module is replaced. Correct.
from typing import Optional

import torch
from torch import nn


class Policy(nn.Module):
    def __init__(self, obs_dim, act_dim, num_layers, embed_dim, head_dropout_rate,
                 clip_norm: Optional[float] = None, block_depth: "int" = 2, layer_scale=0.5,
                 *, n_heads, max_grad_norm=None, use_layer_norm=False):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(obs_dim, embed_dim), nn.Tanh(), nn.Linear(embed_dim, act_dim))
        self.optim = torch.optim.Adam(self.parameters(), lr=3e-4)
        self.num_layers = num_layers
        self.embed_dim = embed_dim
        self.head_dropout_rate = head_dropout_rate
        self.clip_norm = clip_norm
        self.block_depth = block_depth
        self.layer_scale = layer_scale
        self.n_heads = n_heads
        self.max_grad_norm = max_grad_norm
        self.use_layer_norm = use_layer_norm

    def update(self, obs, target):
        self.optim.zero_grad()
        loss = ((self.trunk(obs) - target) ** 2).mean()
        loss.backward()
        if self.clip_norm is not None:
            nn.utils.clip_grad_norm_(self.parameters(), self.clip_norm)
        self.optim.step()
        return loss.item()


policy = Policy(4, 2, num_layers=2, embed_dim=16, head_dropout_rate=0.1, n_heads=2)
for _ in range(3):
    policy.update(torch.randn(5, 4), torch.randn(5, 2))
