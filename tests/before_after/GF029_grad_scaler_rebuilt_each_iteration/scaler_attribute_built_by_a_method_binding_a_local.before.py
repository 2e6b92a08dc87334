import torch


class AmpTrainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def _new_scaler(self):
        scaler = torch.amp.GradScaler("cuda", init_scale=2.0**14)
        return scaler

    def train_epoch(self, loader):
        for x, y in loader:
            self.scaler = self._new_scaler()
            self.optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = torch.nn.functional.cross_entropy(self.model(x), y)
            self.scaler.scale(loss).backward()
            self.scaler.step(self.optimizer)
            self.scaler.update()
