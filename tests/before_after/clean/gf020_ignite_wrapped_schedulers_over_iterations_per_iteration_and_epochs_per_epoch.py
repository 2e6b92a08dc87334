import torch
import torch.nn as nn
from ignite.engine import Events, create_supervised_trainer
from ignite.handlers import LRScheduler

max_epochs = 12
net = nn.Sequential(nn.Linear(6, 16), nn.SiLU(), nn.Linear(16, 1))
train_loader = [(torch.randn(8, 6), torch.randn(8, 1)) for _ in range(25)]
optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
trainer = create_supervised_trainer(net, optimizer, nn.SmoothL1Loss())
per_iteration = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=max_epochs * len(train_loader))
trainer.add_event_handler(Events.ITERATION_COMPLETED, LRScheduler(per_iteration))
one_cycle = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, epochs=max_epochs, steps_per_epoch=len(train_loader))
trainer.add_event_handler(Events.ITERATION_COMPLETED, LRScheduler(one_cycle))
per_epoch = torch.optim.lr_scheduler.StepLR(optimizer, step_size=max_epochs // 3, gamma=0.5)
trainer.add_event_handler(Events.EPOCH_COMPLETED, LRScheduler(per_epoch))
trainer.run(train_loader, max_epochs=max_epochs)
