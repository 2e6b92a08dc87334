import torch
from ignite.engine import Engine
from ignite.engine import supervised_training_step_amp as amp_step


def smooth_l1(pred, target):
    loss = torch.nn.functional.smooth_l1_loss(pred, target)
    return loss / 8


class Runner:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        self.scaler = torch.amp.GradScaler("cuda")
        step = amp_step(model, self.optimizer, loss_fn=smooth_l1, device="cuda", scaler=self.scaler, gradient_accumulation_steps=8)
        self.engine = Engine(step)

    def run(self, loader):
        self.engine.run(loader, max_epochs=1)
