import torch
from torch import nn
from torch.optim.lr_scheduler import CosineAnnealingLR
from ignite.engine import Events, create_supervised_trainer
from ignite.handlers import LRScheduler


def main(train_loader, max_epochs=10):
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    trainer = create_supervised_trainer(model, optimizer, nn.CrossEntropyLoss())
    cosine = CosineAnnealingLR(optimizer, T_max=max_epochs, eta_min=1e-4)
    trainer.add_event_handler(Events.EPOCH_COMPLETED, LRScheduler(cosine))
    trainer.run(train_loader, max_epochs=max_epochs)
