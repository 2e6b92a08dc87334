import torch


def train(model, aux, loader):
    main_opt = torch.optim.SGD(model.parameters(), lr=0.1)
    aux_opt = torch.optim.SGD(aux.parameters(), lr=0.1)
    for x, y in loader:
        model.zero_grad()
        features = model(x)
        loss = torch.nn.functional.mse_loss(features, y) + aux(features).pow(2).mean()
        loss.backward()
        main_opt.step()
        aux_opt.step()
