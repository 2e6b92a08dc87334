import torch


class Runner:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer
        self.grad_scaler = torch.amp.GradScaler("cuda")

    def fit(self, loader, criterion):
        limit_norm = lambda max_norm: torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm)
        for features, labels in loader:
            self.optimizer.zero_grad(set_to_none=True)
            with torch.autocast("cuda"):
                loss = criterion(self.model(features), labels)
            self.grad_scaler.scale(loss).backward()
            limit_norm(2.0)
            self.grad_scaler.step(self.optimizer)
            self.grad_scaler.update()
