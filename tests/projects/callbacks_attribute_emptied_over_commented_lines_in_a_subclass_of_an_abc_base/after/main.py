import torch

from learners.replay import Replay

tasks = [[(torch.randn(2, 4), torch.randint(0, 3, (2,))) for _ in range(5)] for _ in range(2)]
Replay().fit(tasks, epochs=2)
