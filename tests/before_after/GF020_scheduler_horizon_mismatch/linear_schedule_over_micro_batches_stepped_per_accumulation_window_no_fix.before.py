import torch
from transformers import get_linear_schedule_with_warmup


class FineTuner:
    def __init__(self, model, train_loader, epochs, accumulate):
        self.model = model
        self.train_loader = train_loader
        self.epochs = epochs
        self.accumulate = accumulate
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)
        self.scheduler = get_linear_schedule_with_warmup(
            self.optimizer, num_warmup_steps=0, num_training_steps=self.epochs * len(self.train_loader)
        )

    def train(self):
        seen = 0
        for epoch in range(self.epochs):
            for batch in self.train_loader:
                loss = self.model(**batch).loss / self.accumulate
                loss.backward()
                seen += 1
                if seen % self.accumulate == 0:
                    self.optimizer.step()
                    self.scheduler.step()
                    self.optimizer.zero_grad(set_to_none=True)


def fit(model, loader, epochs, accum_steps):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=epochs * len(loader))
    for epoch in range(epochs):
        for step, (x, y) in enumerate(loader):
            (torch.nn.functional.mse_loss(model(x), y) / accum_steps).backward()
            if (step + 1) % accum_steps == 0 or step + 1 == len(loader):
                opt.step()
                sched.step()
                opt.zero_grad(set_to_none=True)
