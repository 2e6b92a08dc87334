import torch


class Runner:
    def __init__(self, model, loader, use_amp):
        self.model = model
        self.loader = loader
        self.use_amp = use_amp
        self.optim = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

    def _new_scaler(self):
        return torch.cuda.amp.GradScaler(enabled=self.use_amp)

    def train(self, epochs):
        self.scaler = self._new_scaler()
        for epoch in range(epochs):
            for x, y in self.loader:
                self.optim.zero_grad()
                with torch.autocast("cuda", dtype=torch.float16, enabled=self.use_amp):
                    loss = torch.nn.functional.cross_entropy(self.model(x), y)
                self.scaler.scale(loss).backward()
                self.scaler.step(self.optim)
                self.scaler.update()
