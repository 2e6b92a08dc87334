import torch
from torch import nn
from ignite.engine import Events, create_supervised_trainer

GRAD_ACCUM = 4


class SmoothedCE(nn.Module):
    def __init__(self, eps=0.1):
        super().__init__()
        self.eps = eps

    def forward(self, logits, labels):
        ce = nn.functional.cross_entropy(logits, labels, label_smoothing=self.eps)
        return ce / GRAD_ACCUM


def main(loader, epochs=5):
    net = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 10))
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    trainer = create_supervised_trainer(net, opt, SmoothedCE(), gradient_accumulation_steps=GRAD_ACCUM)
    trainer.add_event_handler(Events.EPOCH_COMPLETED, lambda e: print(e.state.epoch, e.state.output))
    trainer.run(loader, max_epochs=epochs)
