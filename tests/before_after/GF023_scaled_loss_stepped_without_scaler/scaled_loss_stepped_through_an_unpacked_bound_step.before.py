import torch


class AmpTrainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        self.scaler = torch.amp.GradScaler("cuda")

    def fit(self, loader):
        zero, advance = self.optimizer.zero_grad, self.optimizer.step
        for x, y in loader:
            zero()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = torch.nn.functional.cross_entropy(self.model(x), y)
            self.scaler.scale(loss).backward()
            advance()
