import torch


class AmpTrainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self._scaler = None

    def scaler(self):
        if self._scaler is None:
            self._scaler = torch.amp.GradScaler("cuda")
        return self._scaler

    def train_epoch(self, loader):
        for x, y in loader:
            scaler = self.scaler()
            self.optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = torch.nn.functional.cross_entropy(self.model(x), y)
            scaler.scale(loss).backward()
            scaler.step(self.optimizer)
            scaler.update()
