from torch import nn

criterion = nn.CrossEntropyLoss()
metric = nn.MSELoss()
