import torch

from training.trainer import Trainer

model = torch.nn.Linear(4, 2)
trainer = Trainer(model, torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9))
trainer.fit([(torch.randn(8, 4), torch.randint(0, 2, (8,)))], epochs=2)
