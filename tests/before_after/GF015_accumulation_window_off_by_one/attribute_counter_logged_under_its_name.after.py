import torch


class Workspace:
    def __init__(self, model, accumulate):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.accumulate = accumulate
        self.global_step = 0

    def run(self, batches, log):
        for x, y in batches:
            loss = torch.nn.functional.mse_loss(self.model(x), y) / self.accumulate
            loss.backward()
            if (self.global_step + 1) % self.accumulate == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
            log({"train_loss": loss.item(), "global_step": self.global_step})
            self.global_step += 1
