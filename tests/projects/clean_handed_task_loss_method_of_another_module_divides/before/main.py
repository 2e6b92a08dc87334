import torch

from engine.loop import train
from tasks.classify import Classifier

if __name__ == "__main__":
    torch.manual_seed(0)
    data = [(torch.randn(8, 4), torch.randint(0, 3, (8,))) for _ in range(5)]
    task = Classifier()
    print(train(task, data, window=task.window))
