import torch
import torch.nn.functional as F


class ContrastiveTrainer:
    def __init__(self, encoder, optimizer, scheduler, epochs):
        self.encoder = encoder
        self.optimizer, self.scheduler = optimizer, scheduler
        self.epochs = epochs

    def fit(self, loader):
        for epoch in range(self.epochs):
            for views, labels in loader:
                logits = self.encoder(views)
                loss = F.cross_entropy(logits, labels)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            self.scheduler.step()


encoder = torch.nn.Linear(32, 10)
train_loader = [(torch.randn(16, 32), torch.randint(0, 10, (16,))) for _ in range(40)]
optimizer = torch.optim.Adam(encoder.parameters(), lr=3e-4, weight_decay=1e-4)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=len(train_loader), eta_min=0)
ContrastiveTrainer(encoder, optimizer, scheduler, epochs=100).fit(train_loader)
