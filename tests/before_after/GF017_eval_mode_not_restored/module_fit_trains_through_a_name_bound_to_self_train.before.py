# A model with its own scikit-learn style `fit`: the method trains through a local name bound
# to `self.train()` and the optimizer is handed in. Every `print_every` batches a helper
# method switches that name (the model itself) to eval, and nothing switches it back: dropout
# and batch norm run in inference mode for the rest of training.
import torch
import torch.nn.functional as F
from torch import nn


class WideAndDeep(nn.Module):
    def __init__(self, n_features, hidden=64, device="cpu"):
        super().__init__()
        self.device = device
        self.deep = nn.Sequential(
            nn.Linear(n_features, hidden), nn.BatchNorm1d(hidden), nn.ReLU(), nn.Dropout(0.3), nn.Linear(hidden, 1)
        )
        self.wide = nn.Linear(n_features, 1)

    def forward(self, x):
        return (self.deep(x) + self.wide(x)).squeeze(1)

    def fit(self, loader_train, loader_val, optimizer, epochs=20, verbose=True, print_every=50):
        model = self.train().to(device=self.device)
        for _ in range(epochs):
            for t, (x, y) in enumerate(loader_train):
                loss = F.binary_cross_entropy_with_logits(model(x), y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                if verbose and t % print_every == 0:
                    print(f"batch {t}: loss {loss.item():.4f}")
                    self.check_accuracy(loader_val, model)

    def check_accuracy(self, loader, model):
        correct = seen = 0
        model.eval()
        with torch.no_grad():
            for x, y in loader:
                correct += ((model(x) > 0).float() == y).sum().item()
                seen += y.numel()
        print(f"accuracy {correct / seen:.3f}")
