import torch


def compute_loss(model, batch, accum_steps):
    logits = model(batch["x"])
    return torch.nn.functional.cross_entropy(logits, batch["y"]) / accum_steps


def train(model, loader, optimizer, accum_steps):
    for i, batch in enumerate(loader):
        loss = compute_loss(model, batch, accum_steps)
        loss.backward()
        if (i + 1) % accum_steps == 0 or (i + 1) == len(loader):
            optimizer.step()
            optimizer.zero_grad()



class Finetuner(BaseTrainer):  # compute_loss is inherited: it may divide by N itself
    def fit(self, loader):
        for i, batch in enumerate(loader):
            loss = self.compute_loss(self.model, batch)
            loss.backward()
            if (i + 1) % self.args.gradient_accumulation_steps == 0 or (i + 1) == len(loader):
                self.optimizer.step()
                self.optimizer.zero_grad()
