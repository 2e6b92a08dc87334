import torch
import torch.nn as nn
from ignite.engine import Events, create_supervised_trainer
from ignite.handlers import LRScheduler

max_epochs = 12
net = nn.Sequential(nn.Linear(6, 16), nn.SiLU(), nn.Linear(16, 1))
train_loader = [(torch.randn(8, 6), torch.randn(8, 1)) for _ in range(25)]
optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
trainer = create_supervised_trainer(net, optimizer, nn.SmoothL1Loss())
cosine = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=max_epochs, eta_min=1e-4)
trainer.add_event_handler(Events.ITERATION_COMPLETED, LRScheduler(cosine))
trainer.run(train_loader, max_epochs=max_epochs)
