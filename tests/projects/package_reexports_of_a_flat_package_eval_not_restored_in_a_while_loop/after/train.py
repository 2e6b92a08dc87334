import torch
from torch import nn

from trainlib import accuracy, fit_steps

model = nn.Sequential(nn.Linear(6, 12), nn.Dropout(0.3), nn.ReLU(), nn.Linear(12, 2))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
decay = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2)
criterion = nn.CrossEntropyLoss()
data = [(torch.randn(5, 6), torch.randint(0, 2, (5,))) for _ in range(3)]
epoch = 0
while epoch < 4:
    fit_steps(model, optimizer, criterion, data)
    decay.step()
    print(epoch, accuracy(model, data))
    model.train()
    epoch += 1
