import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters())
        self.scaler = torch.cuda.amp.GradScaler()

    def run(self, loader, accum):
        step = 0
        for batch in loader:
            loss = self.model(batch).mean() / accum
            self.scaler.scale(loss).backward()
            step += 1
            if step % accum == 0:
                self.scaler.step(self.optimizer)
                self.scaler.update()
                self.optimizer.zero_grad(set_to_none=True)
                # next window
        if step % accum:
            self.scaler.step(self.optimizer)
            self.optimizer.zero_grad(set_to_none=True)
            self.scaler.update()
