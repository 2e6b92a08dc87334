import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, loader, epochs):
        self.model = model
        self.loader = loader
        self.epochs = epochs
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def fit(self):
        for epoch in range(self.epochs):
            for batch in self.loader:
                self.scaler = torch.GradScaler("cuda")
                self.optimizer.zero_grad()
                with torch.autocast("cuda", dtype=torch.float16):
                    loss = F.cross_entropy(self.model(batch["image"]), batch["label"])
                self.scaler.scale(loss).backward()
                self.scaler.step(self.optimizer)
                self.scaler.update()
            print(f"epoch {epoch}: {loss.item():.4f}")
