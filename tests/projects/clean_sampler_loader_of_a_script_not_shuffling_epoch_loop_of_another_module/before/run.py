import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

from trainkit.loops import fit_epochs

dataset = TensorDataset(torch.randn(64, 8), torch.randint(0, 3, (64,)))
sampler = DistributedSampler(dataset, shuffle=False)
train_loader = DataLoader(dataset, batch_size=16, sampler=sampler)
model = torch.nn.Linear(8, 3)
optimizer = torch.optim.Adam(model.parameters())
fit_epochs(model, train_loader, optimizer, 5)
