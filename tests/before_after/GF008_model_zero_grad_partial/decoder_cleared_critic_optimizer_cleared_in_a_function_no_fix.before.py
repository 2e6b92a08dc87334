import torch


def train(encoder, decoder, critic, batches):
    ae_opt = torch.optim.SGD(list(encoder.parameters()) + list(decoder.parameters()), lr=0.01)
    critic_opt = torch.optim.SGD(critic.parameters(), lr=0.01)
    it = iter(batches)
    while True:
        x = next(it, None)
        if x is None:
            break
        critic_opt.zero_grad()
        recon = decoder(encoder(x))
        critic((recon.detach() - x).abs()).mean().backward()
        critic_opt.step()
        decoder.zero_grad()
        ((recon - x) ** 2).mean().backward()
        ae_opt.step()
